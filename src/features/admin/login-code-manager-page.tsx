export function LoginCodeManagerPage() {
  return <h1>Login Code Manager</h1>;
}
