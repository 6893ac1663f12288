interface MinutesInputProps {
  /** The fewest and most minutes the field offers (the parse of its text has the last word). */
  min: number
  max: number
  value: string
  onChange: (value: string) => void
  disabled?: boolean
}

/** A whole number of minutes, with the number keyboard on a phone: a code's extra time, or time for a whole room. */
export function MinutesInput({ min, max, value, onChange, disabled }: MinutesInputProps) {
  return (
    <input
      type="number"
      min={min}
      max={max}
      step={1}
      inputMode="numeric"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
    />
  )
}
