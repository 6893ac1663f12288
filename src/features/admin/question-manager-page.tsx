export function QuestionManagerPage() {
  return <h1>Question Manager</h1>;
}
