import { useRef, useState, type ComponentProps } from 'react'
import { QuestionNavigator } from './question-navigator'

type NavigatorProps = ComponentProps<typeof QuestionNavigator>

/**
 * The exam bar's "Questions" button and the navigator it opens as a sheet (a modal dialog: Escape or Close shuts
 * it, focus stays inside) on a phone, where the navigator has no room beside the question. A jump closes it.
 * The button is hidden on wider screens, where the navigator stays beside the question.
 */
export function QuestionSheet({ onGoTo, onReviewAll, ...navigator }: NavigatorProps) {
  const sheet = useRef<HTMLDialogElement>(null)
  // The navigator is only on the page while the sheet is open: one navigator at a time for screen readers.
  const [open, setOpen] = useState(false)
  const close = () => sheet.current?.close()
  return (
    <>
      <button
        type="button"
        className="button exam-bar__questions"
        aria-haspopup="dialog"
        onClick={() => {
          sheet.current?.showModal()
          setOpen(true)
        }}
      >
        Questions
      </button>
      <dialog ref={sheet} className="question-sheet" aria-label="Questions" onClose={() => setOpen(false)}>
        {open && (
          <>
            <button type="button" className="button question-sheet__close" onClick={close}>
              Close
            </button>
            <QuestionNavigator
              {...navigator}
              onGoTo={(index) => {
                close()
                onGoTo(index)
              }}
              onReviewAll={() => {
                close()
                onReviewAll()
              }}
            />
          </>
        )}
      </dialog>
    </>
  )
}
