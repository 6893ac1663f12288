import { useRef, useState } from 'react'
import type { CsvImportResult } from '../../../domain/csv-import'
import {
  draftFromQuestion,
  emptyQuestionDraft,
  questionFieldsFromDraft,
  type QuestionDraft,
  type QuestionFields,
  type QuestionType,
} from '../../../domain/question-draft'
import {
  addQuestion,
  deleteAllQuestions,
  deleteQuestion,
  listQuestions,
  updateQuestion,
  type Question,
} from '../../../lib/admin/admin-questions'
import { regradeQuestion, type RegradeFigures } from '../../../lib/admin/key-correction'
import { AdminPage } from '../components/admin-page'
import { useExamChoice } from '../components/exam-choice'
import { useAdminEditor } from '../components/use-admin-editor'
import { useAdminData } from '../components/use-admin-data'
import { useFlashMessages } from '../components/use-flash-messages'
import { CsvImportDialog } from './csv-import-dialog'
import { DeleteAllQuestionsDialog } from './delete-all-questions-dialog'
import { KeyCorrectionDialog } from './key-correction-dialog'
import { downloadCsvTemplate } from './download-csv-template'
import { parseCsvInWorker } from './parse-csv-in-worker'
import { QuestionForm } from './question-form'
import { QuestionList } from './question-list'
import './question-manager-page.css'

export function QuestionManagerPage({ parseCsv = parseCsvInWorker }: { parseCsv?: (text: string) => Promise<CsvImportResult> }) {
  const messages = useFlashMessages()
  const { examId, examArgs, picker } = useExamChoice()
  const { data: questions, reload } = useAdminData([examId], () => listQuestions(...examArgs), messages.showError)
  const count = questions?.length ?? 0

  const [draft, setDraft] = useState<QuestionDraft>(() => emptyQuestionDraft('mcq', 1))
  // A new question's number follows the count (docs/product.md#what-administrators-do) until the admin types one.
  const [numberTyped, setNumberTyped] = useState(false)
  const [dialog, setDialog] = useState<'import' | 'delete-all' | null>(null)
  /** The question whose key is being corrected, with the key the form asked for. */
  const [correcting, setCorrecting] = useState<{ question: Question; proposed?: string } | null>(null)
  const firstField = useRef<HTMLSelectElement>(null)
  const editor = useAdminEditor<Question, QuestionFields>({
    messages,
    reload,
    create: (fields) => addQuestion(fields, ...examArgs),
    update: updateQuestion,
    saved: { created: 'Question added successfully', updated: 'Question updated successfully' },
    emptyDraft: () => emptyDraftOf(shownDraft.type),
  })
  const { editing } = editor

  const shownDraft = editing || numberTyped ? draft : { ...draft, questionNumber: String(count + 1) }

  function emptyDraftOf(type: QuestionType) {
    setDraft(emptyQuestionDraft(type, count + 1))
    setNumberTyped(false)
  }

  function changeType(type: QuestionType) {
    if (!editing) {
      emptyDraftOf(type)
      return
    }
    setDraft({ ...emptyQuestionDraft(type, 0), questionNumber: draft.questionNumber })
  }

  function startEditing(question: Question) {
    editor.setEditing(question)
    setDraft(draftFromQuestion(question))
    firstField.current?.focus()
  }

  /** A changed key of a question that has submissions goes through the dry run and the regrade first. */
  async function submit() {
    const checked = questionFieldsFromDraft(shownDraft)
    if (editing && checked.ok && checked.fields.correct_answer !== editing.correct_answer) {
      const dryRun = await regradeQuestion(editing.id, checked.fields.correct_answer, false)
      // Without the dry run nothing is saved: a key change must not skip the regrade.
      if (!dryRun.ok) {
        messages.showError(dryRun.error)
        return
      }
      if (dryRun.data.submissions > 0) {
        setCorrecting({ question: editing, proposed: checked.fields.correct_answer })
        return
      }
    }
    await editor.save(checked)
  }

  async function regraded(figures: RegradeFigures) {
    setCorrecting(null)
    const checked = questionFieldsFromDraft(shownDraft)
    if (editing && checked.ok) {
      // The rest of the form is saved with the key the bank now holds (a single letter, or as it was).
      const key = /^[ABCD]$/.test(figures.to) ? figures.to : editing.correct_answer
      await editor.save({ ok: true, fields: { ...checked.fields, correct_answer: key } })
    } else {
      await reload()
    }
    messages.showSuccess(
      `Key of question ${figures.question_number} corrected: ${figures.changed} ${figures.changed === 1 ? 'submission' : 'submissions'} regraded`,
    )
  }

  async function removeAll() {
    setDialog(null)
    await editor.change(() => deleteAllQuestions(...examArgs), 'All questions deleted successfully', editor.startNew)
  }

  async function imported(importedCount: number) {
    setDialog(null)
    messages.showSuccess(`Successfully imported ${importedCount} questions`)
    await reload()
  }

  return (
    <AdminPage
      title="Question Manager"
      picker={picker}
      subtitle={`Total: ${count} ${count === 1 ? 'question' : 'questions'}`}
      messages={messages}
      actions={
        <>
          <button type="button" className="admin-button" onClick={downloadCsvTemplate}>
            Template
          </button>
          <button type="button" className="admin-button" onClick={() => setDialog('import')}>
            Import CSV
          </button>
          <button
            type="button"
            className="admin-button admin-button--danger"
            onClick={() => setDialog('delete-all')}
            disabled={count === 0}
          >
            Delete All
          </button>
          <button
            type="button"
            className="admin-button admin-button--primary"
            onClick={() => {
              editor.startNew()
              firstField.current?.focus()
            }}
          >
            Add Question
          </button>
        </>
      }
    >
      <div className="admin-side-layout">
        <QuestionForm
          draft={shownDraft}
          editing={editing !== null}
          saving={editor.saving}
          onChange={setDraft}
          onTypeChange={changeType}
          onNumberChange={(value) => {
            setNumberTyped(true)
            setDraft({ ...shownDraft, questionNumber: value })
          }}
          onSubmit={() => void submit()}
          onCancel={editor.startNew}
          firstFieldRef={firstField}
        />
        <section aria-label="Question list">
          {questions && (
            <QuestionList
              questions={questions}
              onEdit={startEditing}
              onDelete={(q) => void editor.remove(q, () => deleteQuestion(q.id), 'Question deleted successfully')}
              onCorrectKey={(question) => setCorrecting({ question })}
            />
          )}
        </section>
      </div>
      {dialog === 'import' && (
        <CsvImportDialog
          examArgs={examArgs}
          parseCsv={parseCsv}
          onClose={() => setDialog(null)}
          onImported={(n) => void imported(n)}
        />
      )}
      {correcting && (
        <KeyCorrectionDialog
          question={correcting.question}
          proposed={correcting.proposed}
          onClose={() => setCorrecting(null)}
          onApplied={(figures) => void regraded(figures)}
        />
      )}
      {dialog === 'delete-all' && (
        <DeleteAllQuestionsDialog count={count} onCancel={() => setDialog(null)} onConfirm={removeAll} />
      )}
    </AdminPage>
  )
}
