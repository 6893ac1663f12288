import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { examFactLines } from '../../domain/active-schedule'
import { examSittingsOrCached } from '../../lib/offline/active-schedule-cache'
import './home.css'

const portals = [
  {
    to: '/student',
    title: 'Student Portal',
    description: 'Enter your login code and full name to start your exam.',
  },
  {
    to: '/solutions',
    title: 'View Results',
    description: 'Look up your score and the solutions with the login code you used.',
  },
  {
    to: '/admin',
    title: 'Admin Panel',
    description: 'Manage questions, login codes, exam schedules and results.',
  },
]

const features = [
  {
    title: 'Your work is kept',
    text: 'Every answer is saved on your device as you go, so a dropped connection or a reload never loses progress.',
  },
  {
    title: 'Fair conditions',
    text: 'A camera preview runs during the exam, tab switches are counted and the time limit is enforced automatically.',
  },
  {
    title: 'Results straight away',
    text: 'Check your score with your login code as soon as you submit, and review the solutions while they are available.',
  },
]

// What every student should know before starting (docs/product.md#the-exam-in-brief): each exam's own length
// and size come first, from the schedule; these hold for every exam.
const examRules = [
  { value: 'Four options each', text: 'one of them correct; the time left is counted down on screen' },
  { value: 'Camera monitoring', text: 'a live camera preview stays on during the exam' },
  { value: 'Tab switching tracked', text: 'leaving the exam page is counted and reported' },
  { value: 'Automatic time enforcement', text: 'your answers are submitted when the time is up' },
]

export function HomePage() {
  return (
    <>
      <section className="hero">
        <h1>Welcome to Holdfast</h1>
        <p className="lead">Proctored multiple-choice exams that hold on to your work through every dropped connection.</p>
      </section>

      <ul className="card-grid" aria-label="Portals">
        {portals.map((portal) => (
          <li key={portal.to} className="card card--link">
            <h2>
              <Link to={portal.to}>{portal.title}</Link>
            </h2>
            <p>{portal.description}</p>
          </li>
        ))}
      </ul>

      <section className="exam-facts" aria-labelledby="exam-facts-heading">
        <h2 id="exam-facts-heading">About the exam</h2>
        <ul>
          <ExamSizes />
          {examRules.map((fact) => (
            <li key={fact.value}>
              <strong>{fact.value}</strong> <span>{fact.text}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="visually-hidden">
          Why Holdfast
        </h2>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="feature">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

/**
 * One line per exam on the schedule, with its real name, length and question count (the server's, or this device's
 * copy offline); without any, a line that names no number rather than one that may be wrong.
 */
function ExamSizes() {
  const [lines, setLines] = useState<Array<{ exam: string; size: string }>>([])
  useEffect(() => {
    let shown = true
    examSittingsOrCached().then(
      (sittings) => shown && setLines(examFactLines(sittings, new Date())),
      () => undefined,
    )
    return () => {
      shown = false
    }
  }, [])
  if (lines.length === 0)
    return (
      <li>
        <strong>A set time</strong> <span>for multiple-choice questions, shown before you start</span>
      </li>
    )
  return lines.map((line) => (
    <li key={line.exam}>
      <strong>{line.exam}</strong> <span>{line.size}</span>
    </li>
  ))
}
