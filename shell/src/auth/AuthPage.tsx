export function AuthPage() {
  return <h1>Auth</h1>;
}
