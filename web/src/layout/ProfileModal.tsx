import { useSignals } from "@preact/signals-react/runtime";
import { UserModal } from "../features/users/UserModal";
import { user } from "../stores/session";

/** The profile menu's "Perfil": the user modal for the signed-in user (R-UI-3). */
export function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const u = user.value;
  if (!u) return null;
  return <UserModal open={open} id={u.id} onClose={onClose} />;
}
