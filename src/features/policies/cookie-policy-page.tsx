import { PolicyPage } from './policy-page'

export function CookiePolicyPage() {
  return (
    <PolicyPage title="Cookie Policy" lastUpdated="21 November 2026">
      <p>
        Holdfast sets no cookies: no advertising, analytics or tracking cookies, and no cookies from anyone else. It does keep a
        few things in your browser's own storage, because the exam cannot work safely without them. This page lists all of them.
      </p>

      <section>
        <h2>Local storage</h2>
        <ul>
          <li>
            <strong>Your exam session</strong>: your login code and full name while you take the exam, so a reload does not send
            you back to the start. It is removed when you choose Take Another Test.
          </li>
          <li>
            <strong>The server's address</strong>: where this copy of Holdfast finds its server, so the exam page can start even
            when the network is down.
          </li>
          <li>
            <strong>Administrator sign-in</strong>: if you are an administrator, your sign-in session, until you log out.
          </li>
        </ul>
      </section>

      <section>
        <h2>IndexedDB (a database inside your browser)</h2>
        <p>
          During the exam Holdfast saves the questions, every answer you choose, your place in the exam, and your submission in
          your browser before anything is sent. That is what lets you continue after a reload or a dropped connection. A
          submission stays on your device until the server has confirmed it received it.
        </p>
      </section>

      <section>
        <h2>Offline copy of the app</h2>
        <p>
          Your browser keeps a copy of the Holdfast app itself (a service worker and its cache), so the exam page can load without
          a network. It contains the app's program files only, none of your data.
        </p>
      </section>

      <section>
        <h2>Removing it</h2>
        <p>
          You can clear all of this in your browser's settings under site data. Please do not do so while an exam submission is
          still waiting to be sent: it would be lost.
        </p>
      </section>
    </PolicyPage>
  )
}
