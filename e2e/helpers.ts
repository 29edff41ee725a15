/** The app's origin for a host name, on the port the e2e server listens on. */
export function originFor(host: string): string {
  return `http://${host}:${process.env.E2E_PORT ?? 3100}`;
}
