import { adminRequest, type AdminResult } from './admin-result'
import { getSupabase } from './supabase'

export interface DashboardCounts {
  questions: number
  loginCodes: number
  codesUsed: number
  submissions: number
}

/** The dashboard's figures, read as the spec's call table says: ids of questions and submissions, (id, is_used) of codes. */
export async function loadDashboardCounts(): Promise<AdminResult<DashboardCounts>> {
  const [questions, codes, submissions] = await Promise.all([
    adminRequest({ message: 'Failed to load questions' }, () => getSupabase().from('questions').select('id')),
    adminRequest({ message: 'Failed to load login codes' }, () => getSupabase().from('login_codes').select('id, is_used')),
    adminRequest({ message: 'Failed to load submissions' }, () => getSupabase().from('submissions').select('id')),
  ])
  if (!questions.ok) return questions
  if (!codes.ok) return codes
  if (!submissions.ok) return submissions
  return {
    ok: true,
    data: {
      questions: questions.data.length,
      loginCodes: codes.data.length,
      codesUsed: codes.data.filter((code) => code.is_used).length,
      submissions: submissions.data.length,
    },
  }
}
