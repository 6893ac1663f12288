// What the footer's contact block and the policy pages show until an administrator sets the
// institution's details on the admin Settings screen (public.site_settings): placeholders, each
// field on its own, so a school that set only its name still shows a placeholder phone.
export const contactPlaceholders = {
  organisation: 'Your Institution',
  email: 'exams@example.org',
  phone: '+00 000 000 0000',
  address: 'Street and number, Postcode City, Country',
}

/** The product name the header shows until the administrator names it otherwise. */
export const defaultProductName = 'Holdfast'
