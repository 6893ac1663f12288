import { useState } from 'react'
import { answerFileName, answerFileText, type AnswerFile } from '../../domain/answer-file'
import { saveTextFile } from '../../lib/browser/save-text-file'

/**
 * The "Download answer file" button of every screen that hands the student's answers to the proctor as a tagged
 * file. `makeFile` answers undefined for an attempt started before answer files existed; a failure is shown under
 * the button, which stays, since the answers are still kept on this device.
 */
export function AnswerFileDownload({ makeFile }: { makeFile: () => AnswerFile | undefined | Promise<AnswerFile | undefined> }) {
  const [failure, setFailure] = useState<string | null>(null)

  async function download() {
    setFailure(null)
    let file: AnswerFile | undefined
    try {
      file = await makeFile()
      if (file) saveTextFile(answerFileName(file.login_code), answerFileText(file), 'application/json')
    } catch (error) {
      // The student reads what it means, never the browser's own text; a developer finds that in the console.
      console.error('Holdfast could not make the answer file:', error)
      setFailure('this device could not read or save the answers')
      return
    }
    if (!file) setFailure('this exam was started before answer files existed')
  }

  return (
    <>
      <button type="button" className="button" onClick={() => void download()}>
        Download answer file
      </button>
      {failure && (
        <p className="student-error" role="alert">
          The answer file could not be made: {failure}. Your answers are still kept on this device.
        </p>
      )}
    </>
  )
}
