export function StudentLoginPage() {
  return <h1>Student Portal</h1>;
}
