/** A count with its noun in the right number: "1 student", "0 students", "3 new login codes". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
