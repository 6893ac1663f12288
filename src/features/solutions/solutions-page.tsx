export function SolutionsPage() {
  return <h1>View Results</h1>;
}
