export function TermsOfServicePage() {
  return <h1>Terms of Service</h1>;
}
