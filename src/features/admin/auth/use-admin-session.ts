import { useCallback, useEffect, useState } from 'react'
import {
  checkAdminAccess,
  signOutAdmin,
  watchSignedInUser,
  type AdminAccess,
  type SignedInUser,
} from '../../../lib/admin/admin-auth'

export type AdminSession =
  { status: 'checking' } | { status: 'signed-out' } | { status: 'signed-in'; user: SignedInUser; access: AdminAccess }

/** The admin area's view of supabase-js auth: who is signed in, and whether they are an administrator. */
export function useAdminSession() {
  // undefined until supabase-js has reported the stored session (or its absence).
  const [user, setUser] = useState<SignedInUser | null>()
  const [access, setAccess] = useState<{ userId: string; access: AdminAccess } | null>(null)
  const [accessCheck, setAccessCheck] = useState(0)

  useEffect(() => watchSignedInUser(setUser), [])

  const userId = user?.id
  useEffect(() => {
    if (!userId) return
    let current = true
    void checkAdminAccess().then((result) => {
      if (current) setAccess({ userId, access: result })
    })
    return () => {
      current = false
    }
  }, [userId, accessCheck])

  const retryAccessCheck = useCallback(() => {
    setAccess(null)
    setAccessCheck((count) => count + 1)
  }, [])

  const signOut = useCallback(async () => {
    await signOutAdmin()
    // With no session to end, supabase-js reports no change: show the login screen anyway.
    setUser(null)
  }, [])

  let session: AdminSession
  if (user === undefined) session = { status: 'checking' }
  else if (user === null) session = { status: 'signed-out' }
  else if (access?.userId !== user.id) session = { status: 'checking' }
  else session = { status: 'signed-in', user, access: access.access }

  return { session, retryAccessCheck, signOut }
}
