/** The import file's columns, in order: question number, text, options A to D, correct answer. */
export const questionCsvHeader = 'question_number,question_text,option_a,option_b,option_c,option_d,correct_answer'

/** What "Template" downloads: the header and two rows showing quoting and the answer letters. */
export const questionCsvTemplate = [
  questionCsvHeader,
  '1,"What is the capital of France?",Berlin,Madrid,Paris,Rome,C',
  '2,"Which of these is a prime number, 4 or 7?",4,7,Both,Neither,B',
  '',
].join('\n')
