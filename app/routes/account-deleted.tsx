import { ACCOUNT_MESSAGES } from "../../modules/accounts/errors";
import { accountMeta } from "../accounts/meta";
import { AccountCard, AccountFormMessage } from "../components/AccountField";

export const meta = accountMeta("Account deleted");

export default function AccountDeleted() {
  return (
    <AccountCard title="Account deleted">
      <AccountFormMessage success={ACCOUNT_MESSAGES.accountDeleted} />
      <p>Thank you for having been with us. Your orders are kept for our accounts, without your personal details.</p>
    </AccountCard>
  );
}
