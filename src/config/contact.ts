// Operators: replace these placeholders with your institution's details. The footer
// shows exactly what is here.
export const contact = {
  organisation: 'Your Institution',
  email: 'exams@example.org',
  phone: '+00 000 000 0000',
  address: 'Street and number, Postcode City, Country',
}
