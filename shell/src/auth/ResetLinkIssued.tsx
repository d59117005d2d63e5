import { useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  PASSWORD_RESET_MESSAGES as R,
  isIssuedResetLink,
  type PasswordResetResponse,
  type ResetRequestAnswer,
} from '@tht/contracts';
import { Button, FormField, Input, useToast } from '@tht/ui';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { AUTH_PATH, RESET_TOKEN_LENGTH, resetConfirmPath } from './authPaths';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';

const ResetLink = styled.a`
  display: block;
  margin-bottom: ${({ theme }) => theme.spacing(5)};
  word-break: break-all;
`;

/** 'Invalid Token: Reset token must be ...' as the toast's title and description. */
function titleAndDescription(message: string): { title: string; description: string } {
  const separator = message.indexOf(': ');
  return separator < 0
    ? { title: message, description: '' }
    : { title: message.slice(0, separator), description: message.slice(separator + 2) };
}

/** An administrator's link for another account, to hand over; opened in this page when it is this site's. */
function IssuedLink({ reset }: { reset: PasswordResetResponse }) {
  const navigate = useNavigate();
  const link = new URL(reset.resetLink, window.location.origin);

  function followLinkInPage(event: MouseEvent<HTMLAnchorElement>) {
    if (link.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${link.pathname}${link.search}`);
  }

  return (
    <>
      <FormTitle>Reset Link Ready</FormTitle>
      <FormIntro>{reset.message}</FormIntro>
      <ResetLink href={reset.resetLink} onClick={followLinkInPage}>
        {reset.resetLink}
      </ResetLink>
    </>
  );
}

/**
 * The reset-success state: check your e-mail (or, when the server sends none, ask the
 * administrator), or an administrator's link for another account; then the manual entry of the
 * 64-character key from the e-mail.
 */
export function ResetLinkIssued({ answer }: { answer: ResetRequestAnswer }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [key, setKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { resetTokenSchema } = await loadAuthRules();
    const result = resetTokenSchema.safeParse(key.trim());
    if (result.success) {
      navigate(resetConfirmPath(result.data));
      return;
    }
    const message = result.error.issues[0]?.message ?? 'Invalid Token';
    setKeyError(message);
    showToast({ ...titleAndDescription(message), variant: 'destructive' });
  }

  return (
    <div>
      {isIssuedResetLink(answer) ? (
        <IssuedLink reset={answer} />
      ) : (
        <>
          <FormTitle>Check Your E-mail</FormTitle>
          <FormIntro role="status">
            {answer.message} {answer.mailConfigured ? R.checkEmail : R.askAdministrator}
          </FormIntro>
        </>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuthRules} aria-label="Enter reset key">
        <FormField
          label="Reset Key"
          error={keyError}
          hint={`Or enter the 64-character key from the ${isIssuedResetLink(answer) ? 'link' : 'e-mail'}.`}
        >
          <Input
            name="resetKey"
            autoComplete="off"
            spellCheck={false}
            maxLength={RESET_TOKEN_LENGTH}
            value={key}
            onChange={(event) => {
              setKey(event.target.value);
              setKeyError(null);
            }}
          />
        </FormField>
        <FormActions>
          <Button type="submit">Continue</Button>
          <Link to={AUTH_PATH}>Back to Sign In</Link>
        </FormActions>
      </form>
    </div>
  );
}
