/** The red error banner and the green success message (docs/product.md#what-administrators-do). */
export function FlashMessages({ error, success }: { error: string | null; success: string | null }) {
  // Sticky: a message answers a button that may be far down a long page (a question's Save, a
  // Proctor Room row's note), and must be in view there, not at the page's top.
  return (
    <div className="admin-flash">
      {error && <ErrorBanner message={error} />}
      {/* The live region stays in the page so that screen readers announce each new message. */}
      <div role="status">{success && <p className="admin-banner admin-banner--success">{success}</p>}</div>
    </div>
  )
}

export function ErrorBanner({ message }: { message: string }) {
  return (
    <p role="alert" className="admin-banner admin-banner--error">
      {message}
    </p>
  )
}
