import { useId, useState, type FormEvent } from 'react'
import { defaultProductName } from '../../../config/contact'
import type { SiteSettings } from '../../../lib/api/site-settings'
import { loadSettings, saveSettings, type SettingsFields } from '../../../lib/admin/admin-settings'
import { AdminPage } from '../components/admin-page'
import { useAdminData } from '../components/use-admin-data'
import { useFlashMessages } from '../components/use-flash-messages'
import './settings-page.css'

/** Each field of the form: its label, its limit (as the server checks it) and what it is for. */
const settingFields: Array<{
  name: keyof SiteSettings
  label: string
  type: 'text' | 'email' | 'tel'
  maxLength: number
  autoComplete: string
  hint: string
}> = [
  {
    name: 'institution_name',
    label: 'Institution name',
    type: 'text',
    maxLength: 120,
    autoComplete: 'organization',
    hint: 'Named in the footer of every page and on the policy pages.',
  },
  {
    name: 'contact_email',
    label: 'Contact e-mail',
    type: 'email',
    maxLength: 254,
    autoComplete: 'email',
    hint: 'Where students and parents write with questions about the exam.',
  },
  {
    name: 'contact_phone',
    label: 'Contact phone',
    type: 'tel',
    maxLength: 40,
    autoComplete: 'tel',
    hint: 'Digits, spaces and + ( ) - . /',
  },
  { name: 'address', label: 'Address', type: 'text', maxLength: 300, autoComplete: 'street-address', hint: 'One line.' },
  {
    name: 'product_name',
    label: 'Product name',
    type: 'text',
    maxLength: 40,
    autoComplete: 'off',
    hint: `Shown at the top of every page; ${defaultProductName} when left empty.`,
  },
]

function fieldsFrom(settings: SiteSettings): SettingsFields {
  return {
    institution_name: settings.institution_name ?? '',
    contact_email: settings.contact_email ?? '',
    contact_phone: settings.contact_phone ?? '',
    address: settings.address ?? '',
    product_name: settings.product_name,
  }
}

/** /admin/settings: the institution's details, set once (docs/product.md#settings). */
export function SettingsPage() {
  const messages = useFlashMessages()
  const { data: stored, loading, reload } = useAdminData([], loadSettings, messages.showError)

  return (
    <AdminPage title="Settings" messages={messages}>
      {stored ? (
        // Keyed by what is stored, so the form starts again from the server's copy after each save.
        <SettingsForm
          key={JSON.stringify(stored)}
          stored={stored}
          onSaved={reload}
          showError={messages.showError}
          showSuccess={messages.showSuccess}
        />
      ) : (
        !loading && (
          <button type="button" className="admin-button" onClick={() => void reload()}>
            Try again
          </button>
        )
      )}
    </AdminPage>
  )
}

interface SettingsFormProps {
  stored: SiteSettings
  onSaved: () => Promise<void>
  showError: (message: string) => void
  showSuccess: (message: string) => void
}

function SettingsForm({ stored, onSaved, showError, showSuccess }: SettingsFormProps) {
  const titleId = useId()
  const [fields, setFields] = useState(() => fieldsFrom(stored))
  const [saving, setSaving] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    const result = await saveSettings(fields)
    setSaving(false)
    if (!result.ok) {
      showError(result.error)
      return
    }
    showSuccess('Settings saved successfully')
    await onSaved()
  }

  return (
    // noValidate: the server's words (shown in the banner) replace the browser's.
    <form className="admin-panel admin-form settings-form" aria-labelledby={titleId} onSubmit={save} noValidate>
      <h2 id={titleId}>Your institution</h2>
      <p className="admin-muted">
        Students and visitors see these on every page. A field left empty shows a placeholder until it is set.
      </p>
      {settingFields.map((field) => (
        <SettingField
          key={field.name}
          {...field}
          value={fields[field.name]}
          onChange={(value) => setFields((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      <div className="admin-button-row">
        <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </form>
  )
}

function SettingField({
  label,
  type,
  maxLength,
  autoComplete,
  hint,
  value,
  onChange,
}: (typeof settingFields)[number] & { value: string; onChange: (value: string) => void }) {
  const inputId = useId()
  const hintId = useId()
  // The hint stays outside the label, so the field's name is its label alone.
  return (
    <div className="admin-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type={type}
        maxLength={maxLength}
        autoComplete={autoComplete}
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <small id={hintId} className="admin-muted settings-form__hint">
        {hint}
      </small>
    </div>
  )
}
