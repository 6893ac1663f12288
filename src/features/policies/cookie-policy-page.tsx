export function CookiePolicyPage() {
  return <h1>Cookie Policy</h1>;
}
