import { keyAccepts } from '../../../domain/answer-key'
import type { ItemStatistics } from '../../../lib/admin/item-analysis'

const letters = ['A', 'B', 'C', 'D'] as const
const width = 150
const barHeight = 10
const gap = 3
const labelWidth = 34

/** How many chose each option (and left it blank), as small horizontal bars; the bars the key accepts are marked. */
export function OptionChart({ item }: { item: ItemStatistics }) {
  const bars = [
    ...letters.map((letter) => ({
      label: letter,
      count: item.options[letter],
      correct: keyAccepts(item.correct_answer, letter),
    })),
    { label: 'Blank', count: item.blank, correct: false },
  ]
  const highest = Math.max(1, ...bars.map((bar) => bar.count))
  const description = bars.map((bar) => `${bar.label}: ${bar.count}${bar.correct ? ' (correct)' : ''}`).join(', ')
  const height = bars.length * (barHeight + gap)
  return (
    <svg
      className="option-chart"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={description}
    >
      {bars.map((bar, index) => {
        const y = index * (barHeight + gap)
        const length = ((width - labelWidth - 24) * bar.count) / highest
        return (
          <g key={bar.label}>
            <text x={0} y={y + barHeight - 1} className="option-chart__label">
              {bar.label}
            </text>
            <rect
              x={labelWidth}
              y={y}
              width={length}
              height={barHeight}
              className={bar.correct ? 'option-chart__bar option-chart__bar--correct' : 'option-chart__bar'}
            />
            <text x={labelWidth + length + 3} y={y + barHeight - 1} className="option-chart__label">
              {bar.count}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
