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
    try {
      const file = await makeFile()
      if (!file) throw new Error('this exam was started before answer files existed')
      saveTextFile(answerFileName(file.login_code), answerFileText(file), 'application/json')
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
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
