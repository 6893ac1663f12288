export function ExamSchedulePage() {
  return <h1>Exam Schedule</h1>;
}
