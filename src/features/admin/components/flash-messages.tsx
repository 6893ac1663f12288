/** The red error banner and the green success message (docs/product.md#what-administrators-do). */
export function FlashMessages({ error, success }: { error: string | null; success: string | null }) {
  return (
    <>
      {error && <ErrorBanner message={error} />}
      {/* The live region stays in the page so that screen readers announce each new message. */}
      <div role="status">{success && <p className="admin-banner admin-banner--success">{success}</p>}</div>
    </>
  )
}

export function ErrorBanner({ message }: { message: string }) {
  return (
    <p role="alert" className="admin-banner admin-banner--error">
      {message}
    </p>
  )
}
