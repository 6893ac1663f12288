/** Question 12 of a bank, "Which city is the capital of France?" with Paris as B, as the admin saves and searches it. */
export const capitalQuestion = {
  question_number: 12,
  question_text: 'Which city is the capital of France?',
  option_a: 'Lyon',
  option_b: 'Paris',
  option_c: 'Nice',
  option_d: 'Lille',
  correct_answer: 'B',
}
