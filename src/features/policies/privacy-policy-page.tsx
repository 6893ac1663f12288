import { Link } from 'react-router-dom'
import { PolicyPage } from './policy-page'

export function PrivacyPolicyPage() {
  return (
    <PolicyPage title="Privacy Policy" lastUpdated="28 November 2026">
      <p>
        This page explains what Holdfast stores when you take an exam or look up a result, why, and for how long. We keep only
        what running a fair exam needs.
      </p>

      <section>
        <h2>What we store about students</h2>
        <ul>
          <li>The full name you enter and the login code you were given.</li>
          <li>
            Your answers, your score, when you started and submitted, how long you took, and how many times you left the exam page
            (tab switches).
          </li>
          <li>
            During the exam, a copy of the answers you have given so far and of the questions you flagged "Review later", sent by
            your device every few seconds to half a minute. The server keeps it so that no single device is ever the only copy: if
            your device fails, your proctor can move your exam to another device with your answers, and if your device never comes
            back your exam is submitted from this copy when the time is up.
          </li>
        </ul>
        <p>
          The camera preview is shown only on your own screen. Holdfast does not record, store or send any video or image from
          your camera.
        </p>
      </section>

      <section>
        <h2>What we store about administrators</h2>
        <p>The e-mail address and a securely hashed password of each administrator, to let them sign in.</p>
      </section>

      <section>
        <h2>Why we store it</h2>
        <p>
          To run the exam, to score it, to let you see your result, and to let your exam administrators review results and the
          conditions the exam was taken in. We do not sell your data, show advertising or track you across other sites.
        </p>
      </section>

      <section>
        <h2>How long we keep it</h2>
        <ul>
          <li>
            <strong>Exam questions are deleted 24 hours after the exam</strong> has closed, and with them the server's copy of the
            answers and flags sent during the exam.
          </li>
          <li>
            <strong>Technical logs are kept 30 days</strong>: the server records when requests arrive and from which network
            address, to keep the service secure and to fix faults. After 30 days they are deleted.
          </li>
          <li>
            With your login code you can see the detailed solutions for 24 hours after you submit and your result for 30 days. A
            login code can be used to view results for 7 days after it was created.
          </li>
          <li>
            Your submitted result stays in your exam administrators' records for as long as your institution needs it. Ask them
            (see below) if you want it corrected or deleted.
          </li>
        </ul>
      </section>

      <section>
        <h2>What stays on your device</h2>
        <p>
          While you take the exam, your answers and flags are saved in your browser first, so that a dropped connection or a
          reload never loses them, and are sent to the server as soon as it can be reached: the exam shows which answers the
          server has received and which are still only on your device. The <Link to="/cookies">Cookie Policy</Link> lists exactly
          what is kept in your browser.
        </p>
      </section>

      <section>
        <h2>Who can see it</h2>
        <p>
          Only the administrators of your exam. Other students cannot see your name or result: a result is shown only to someone
          who has its login code, so keep your code to yourself.
        </p>
      </section>

      <section>
        <h2>Your rights</h2>
        <p>
          You can ask to see the data we hold about you, to have it corrected, or to have it deleted. Depending on where you live,
          data protection law may give you further rights, including complaining to your data protection authority.
        </p>
      </section>
    </PolicyPage>
  )
}
