export function ProfileDialog(_props: { open: boolean; onClose: () => void }) {
  return null;
}
