export function TestResultsPage() {
  return <h1>Test Results</h1>;
}
