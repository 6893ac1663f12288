import { PolicyPage } from './policy-page'

export function AccessibilityPage() {
  return (
    <PolicyPage title="Accessibility" lastUpdated="21 November 2026">
      <p>
        Everyone should be able to take their exam on equal terms. Holdfast is built to work with a keyboard, screen readers, zoom
        and high-contrast settings, and we keep improving it.
      </p>

      <section>
        <h2>What you can expect</h2>
        <ul>
          <li>Every page can be used with the keyboard alone; the focused element is always clearly marked.</li>
          <li>Buttons, fields and questions have names that screen readers announce.</li>
          <li>Text can be enlarged to 200% without losing content, and pages work on small screens.</li>
          <li>Colour is never the only way information is shown: answers are also marked in words.</li>
          <li>Your answers are saved as you go, so a technical problem never costs you your work.</li>
        </ul>
      </section>

      <section>
        <h2>Accommodations for your exam</h2>
        <p>
          If you need an accommodation, such as extra time, a break, an exam without camera monitoring or assistive technology,{' '}
          <strong>please contact us at least 48 hours before your exam</strong>. That gives us time to set it up properly. Tell us
          which exam you are taking and what you need; you do not have to tell us why.
        </p>
      </section>

      <section>
        <h2>Known limitations</h2>
        <ul>
          <li>The exam has a fixed time limit unless an accommodation for extra time has been arranged in advance.</li>
          <li>The camera preview needs a camera; if you do not have one, the exam still runs, but tell us beforehand.</li>
        </ul>
      </section>

      <section>
        <h2>Report a problem</h2>
        <p>
          If something on Holdfast is hard or impossible for you to use, please tell us what happened and on which page. We will
          reply and, where we can, fix it or offer you another way to take the exam.
        </p>
      </section>
    </PolicyPage>
  )
}
