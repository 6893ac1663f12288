import { Link } from 'react-router-dom'
import { PolicyPage } from './policy-page'

export function TermsOfServicePage() {
  return (
    <PolicyPage title="Terms of Service" lastUpdated="21 November 2026">
      <p>
        These terms apply to everyone who uses Holdfast: students taking an exam, anyone looking up a result and the
        administrators who run exams. By using Holdfast you agree to them.
      </p>

      <section>
        <h2>Login codes</h2>
        <ul>
          <li>
            Each login code is for one person and one exam. Once an exam has been submitted with it, it cannot be used again.
          </li>
          <li>Keep your code private: anyone who has it can see your result.</li>
          <li>You may use a code to view your result for 7 days after the code was created.</li>
        </ul>
      </section>

      <section>
        <h2>Taking the exam</h2>
        <ul>
          <li>Enter your real full name. Your result is recorded under it.</li>
          <li>Work alone, without help from other people or other material unless your administrator allows it.</li>
          <li>
            The camera preview stays on, leaving the exam page is counted, and the exam is submitted automatically when the time
            is up. Your administrators see the number of times you left the page.
          </li>
          <li>Do not try to copy, record or share the questions.</li>
        </ul>
      </section>

      <section>
        <h2>If something goes wrong</h2>
        <p>
          Holdfast saves your answers on your device as you go and sends them when the connection allows, so a dropped connection
          or a reload does not lose your work. If you cannot finish because of a technical problem, contact us straight away: your
          administrators decide whether and how the exam can be retaken.
        </p>
      </section>

      <section>
        <h2>Results</h2>
        <p>
          Your score is calculated automatically from your answers. Detailed solutions can be viewed for 24 hours after you submit
          and your result for 30 days. If you think a question or a score is wrong, contact us.
        </p>
      </section>

      <section>
        <h2>Administrators</h2>
        <p>
          Administrator accounts are personal. Administrators may use student data only to run and assess exams, as described in
          the <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </section>

      <section>
        <h2>Changes to these terms</h2>
        <p>We may update these terms. The date at the top shows when they last changed.</p>
      </section>
    </PolicyPage>
  )
}
