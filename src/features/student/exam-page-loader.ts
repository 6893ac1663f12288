/**
 * The exam page's chunk (the exam screen, the camera preview, the completion screen): the router loads it
 * for /student/test, and the name step fetches it while the student types, so Start Test does not wait.
 */
export const loadExamPage = () => import('./exam-page')
