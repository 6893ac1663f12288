/** The stand-in for an implementation a machine leaves to `provide`: it fails loudly if it was never provided. */
export function notProvided(machineId: string, name: string) {
  return (): never => {
    throw new Error(`${machineId} needs a ${name} implementation`)
  }
}
