export function AccessibilityPage() {
  return <h1>Accessibility</h1>;
}
