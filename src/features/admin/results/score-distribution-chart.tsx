/** 10 % bands of the percentage, as admin_day_score_bands counts them: 0-9 % … 90-100 %. */
const bandCount = 10
const width = 320
const height = 140
const axisHeight = 18
const topPadding = 14
const barGap = 4
const barWidth = width / bandCount - barGap

const bandLabel = (band: number) => (band === bandCount - 1 ? '90-100%' : `${band * 10}-${band * 10 + 9}%`)

/** How a day's scores spread over the 10 % bands (`bands`: how many in each), as an inline SVG bar chart. */
export function ScoreDistributionChart({ bands, title }: { bands: readonly number[]; title: string }) {
  const highest = Math.max(1, ...bands)
  const description = bands.map((count, band) => `${bandLabel(band)}: ${count}`).join(', ')
  const plotHeight = height - axisHeight - topPadding

  return (
    <figure className="score-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}. ${description}`}>
        {bands.map((count, band) => {
          const barHeight = (count / highest) * plotHeight
          const x = band * (barWidth + barGap) + barGap / 2
          const y = topPadding + plotHeight - barHeight
          return (
            <g key={band}>
              <rect
                x={x}
                y={y}
                width={barWidth}
                height={barHeight}
                className={band >= 6 ? 'score-chart__bar--pass' : 'score-chart__bar'}
              />
              {count > 0 && (
                <text x={x + barWidth / 2} y={y - 3} textAnchor="middle" className="score-chart__count">
                  {count}
                </text>
              )}
              <text x={x + barWidth / 2} y={height - 4} textAnchor="middle" className="score-chart__axis">
                {band * 10}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption>{title} (percentage bands; bars from 60 % passed)</figcaption>
    </figure>
  )
}
