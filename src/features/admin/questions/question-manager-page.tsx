import { useRef, useState } from 'react'
import { counted } from '../../../domain/counted'
import type { CsvImportResult } from '../../../domain/csv-import'
import {
  draftFromQuestion,
  emptyQuestionDraft,
  firstFreeQuestionNumber,
  questionExistsMessage,
  questionFieldsFromDraft,
  type QuestionDraft,
  type QuestionFields,
  type QuestionType,
} from '../../../domain/question-draft'
import { matchesQuestionSearch } from '../../../domain/question-search'
import {
  addQuestion,
  deleteAllQuestions,
  deleteQuestion,
  listQuestions,
  updateQuestion,
  type Question,
} from '../../../lib/admin/admin-questions'
import { regradeQuestion, type RegradeFigures } from '../../../lib/admin/key-correction'
import { AdminDialog } from '../components/admin-dialog'
import { AdminPage } from '../components/admin-page'
import { useExamChoice } from '../components/exam-choice'
import { useAdminEditor } from '../components/use-admin-editor'
import { useAdminData } from '../components/use-admin-data'
import { useFlashMessages, type FlashMessages } from '../components/use-flash-messages'
import { useMediaQuery } from '../components/use-media-query'
import { CsvImportDialog } from './csv-import-dialog'
import { DeleteAllQuestionsDialog } from './delete-all-questions-dialog'
import { DeleteQuestionDialog } from './delete-question-dialog'
import { KeyCorrectionDialog } from './key-correction-dialog'
import { downloadCsvTemplate } from './download-csv-template'
import { parseCsvInWorker } from './parse-csv-in-worker'
import { QuestionForm, questionFormTitle } from './question-form'
import { QuestionList } from './question-list'
import './question-manager-page.css'

/** Where the list and the form no longer fit side by side (admin.css, .admin-side-layout): the form opens over the list. */
const formOverListQuery = '(max-width: 52rem)'

export function QuestionManagerPage({ parseCsv = parseCsvInWorker }: { parseCsv?: (text: string) => Promise<CsvImportResult> }) {
  const messages = useFlashMessages()
  const formMessages = useFlashMessages()
  const { examId, examArgs, picker } = useExamChoice()
  /** The first load's failure: the list's place says so, with "Try again", instead of an empty bank. */
  const [loadError, setLoadError] = useState<string | null>(null)
  const { data: questions, reload } = useAdminData(
    [examId],
    () => listQuestions(...examArgs),
    (message) => (questions === undefined ? setLoadError(message) : messages.showError(message)),
  )
  const count = questions?.length ?? 0
  const freeNumber = firstFreeQuestionNumber(questions?.map((question) => question.question_number) ?? [])
  const [search, setSearch] = useState('')

  const formOverList = useMediaQuery(formOverListQuery)
  /** Whether the form is open over the list (small screens; beside it, it is always there). */
  const [formOpen, setFormOpen] = useState(false)
  const [draft, setDraft] = useState<QuestionDraft>(() => emptyQuestionDraft('mcq', 1))
  // A new question's number is the first free one (docs/product.md#what-administrators-do) until the admin types one.
  const [numberTyped, setNumberTyped] = useState(false)
  const [dialog, setDialog] = useState<'import' | 'delete-all' | null>(null)
  const [deleting, setDeleting] = useState<Question | null>(null)
  /** The question whose key is being corrected, with the key the form asked for. */
  const [correcting, setCorrecting] = useState<{ question: Question; proposed?: string } | null>(null)
  const firstField = useRef<HTMLSelectElement>(null)

  /**
   * A change's outcome shows in the form, just above Save, where the admin is looking: beside the
   * list, or open over it. A success closes the form opened over the list and shows in the page's banner.
   */
  const formInView = !formOverList || formOpen
  const changeOutcome: FlashMessages = {
    ...formMessages,
    showError: (message) => (formInView ? formMessages : messages).showError(message),
    showSuccess: (message) => {
      if (!formOverList) {
        formMessages.showSuccess(message)
        return
      }
      setFormOpen(false)
      messages.showSuccess(message)
    },
  }
  const editor = useAdminEditor<Question, QuestionFields>({
    messages: changeOutcome,
    reload,
    create: (fields) => addQuestion(fields, ...examArgs),
    update: updateQuestion,
    saved: { created: 'Question added successfully', updated: 'Question updated successfully' },
    emptyDraft: () => emptyDraftOf(shownDraft.type),
  })
  const { editing } = editor

  const shownDraft = editing || numberTyped ? draft : { ...draft, questionNumber: freeNumber === null ? '' : String(freeNumber) }

  function emptyDraftOf(type: QuestionType) {
    setDraft(emptyQuestionDraft(type, freeNumber))
    setNumberTyped(false)
  }

  function changeType(type: QuestionType) {
    if (!editing) {
      emptyDraftOf(type)
      return
    }
    setDraft({ ...emptyQuestionDraft(type, null), questionNumber: draft.questionNumber })
  }

  function startNew() {
    editor.startNew()
    setFormOpen(true)
    firstField.current?.focus()
  }

  function startEditing(question: Question) {
    editor.setEditing(question)
    setDraft(draftFromQuestion(question))
    setFormOpen(true)
    firstField.current?.focus()
  }

  function closeForm() {
    editor.startNew()
    setFormOpen(false)
  }

  /** Another question of the exam with the number typed, said before anything is sent. */
  function numberTaken(questionNumber: number): boolean {
    return (questions ?? []).some((question) => question.question_number === questionNumber && question.id !== editing?.id)
  }

  /** A changed key of a question that has submissions goes through the dry run and the regrade first. */
  async function submit() {
    const checked = questionFieldsFromDraft(shownDraft)
    if (checked.ok && numberTaken(checked.fields.question_number)) {
      changeOutcome.showError(questionExistsMessage(checked.fields.question_number))
      return
    }
    if (editing && checked.ok && checked.fields.correct_answer !== editing.correct_answer) {
      const dryRun = await regradeQuestion(editing.id, checked.fields.correct_answer, false)
      // Without the dry run nothing is saved: a key change must not skip the regrade.
      if (!dryRun.ok) {
        changeOutcome.showError(dryRun.error)
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
    // After the form's own "Question updated successfully": the regrade is what the admin asked about.
    changeOutcome.showSuccess(
      `Key of question ${figures.question_number} corrected: ${counted(figures.changed, 'submission')} regraded`,
    )
  }

  async function removeAll() {
    setDialog(null)
    await editor.change(() => deleteAllQuestions(...examArgs), 'All questions deleted successfully', editor.startNew)
  }

  async function remove(question: Question) {
    setDeleting(null)
    await editor.remove(question, () => deleteQuestion(question.id), 'Question deleted successfully')
  }

  async function imported(importedCount: number) {
    setDialog(null)
    messages.showSuccess(`Successfully imported ${counted(importedCount, 'question')}`)
    await reload()
  }

  function retryLoad() {
    setLoadError(null)
    void reload()
  }

  const form = (
    <QuestionForm
      draft={shownDraft}
      editing={editing !== null}
      saving={editor.saving}
      fullBank={editing === null && freeNumber === null}
      outcome={formMessages}
      inDialog={formOverList}
      onChange={setDraft}
      onTypeChange={changeType}
      onNumberChange={(value) => {
        setNumberTyped(true)
        setDraft({ ...shownDraft, questionNumber: value })
      }}
      onSubmit={() => void submit()}
      onCancel={formOverList ? closeForm : editor.startNew}
      firstFieldRef={firstField}
    />
  )
  const shownQuestions = questions?.filter((question) => matchesQuestionSearch(question, search))

  return (
    <AdminPage
      title="Question Manager"
      picker={picker}
      subtitle={questions && `Total: ${counted(count, 'question')}`}
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
          <button type="button" className="admin-button admin-button--primary" onClick={startNew}>
            Add Question
          </button>
        </>
      }
    >
      <div className="admin-side-layout">
        {!formOverList && <div className="question-editor">{form}</div>}
        <section aria-label="Question list">
          {shownQuestions ? (
            <>
              <label className="admin-field question-search">
                <span>Search questions</span>
                <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
              </label>
              {/* Announced as the search narrows the list, as Test Results' "Showing 3 of 40 results". */}
              <p role="status" className="admin-muted question-search__count">
                {search.trim() !== '' && `Showing ${shownQuestions.length} of ${counted(count, 'question')}`}
              </p>
              <QuestionList
                questions={shownQuestions}
                searching={search.trim() !== ''}
                onEdit={startEditing}
                onDelete={setDeleting}
                onCorrectKey={(question) => setCorrecting({ question })}
              />
            </>
          ) : loadError ? (
            <div className="admin-empty" role="alert">
              <p>{loadError}</p>
              <button type="button" className="admin-button" onClick={retryLoad}>
                Try again
              </button>
            </div>
          ) : (
            <p role="status" className="admin-muted">
              Loading questions...
            </p>
          )}
        </section>
      </div>
      {formOverList && formOpen && (
        <AdminDialog title={questionFormTitle(editing !== null)} onClose={closeForm}>
          {form}
        </AdminDialog>
      )}
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
      {deleting && (
        <DeleteQuestionDialog question={deleting} onCancel={() => setDeleting(null)} onConfirm={() => remove(deleting)} />
      )}
      {dialog === 'delete-all' && (
        <DeleteAllQuestionsDialog count={count} onCancel={() => setDialog(null)} onConfirm={removeAll} />
      )}
    </AdminPage>
  )
}
