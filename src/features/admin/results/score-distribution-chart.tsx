import { distributionBandCount, scoreDistribution } from '../../../domain/results-analytics'

const width = 320
const height = 140
const axisHeight = 18
const topPadding = 14
const barGap = 4
const barWidth = width / distributionBandCount - barGap

const bandLabel = (band: number) => (band === distributionBandCount - 1 ? '90-100%' : `${band * 10}-${band * 10 + 9}%`)

/** How a day's scores spread over 10 % bands, as an inline SVG bar chart. */
export function ScoreDistributionChart({ results, title }: { results: readonly { percentage: number }[]; title: string }) {
  const bands = scoreDistribution(results)
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
