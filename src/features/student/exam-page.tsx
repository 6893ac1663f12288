export function ExamPage() {
  return <h1>Exam</h1>;
}
