import styled from 'styled-components';
import { SSO_START_PATH } from '@tht/contracts';

const ButtonLink = styled.a`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
`;

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  margin: ${({ theme }) => `${theme.spacing(5)} 0`};
  color: ${({ theme }) => theme.colors.mutedText};
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

/**
 * The organisation's sign-in button: a link, so the browser itself goes to the server's start of
 * single sign-on and on to the provider (a top-level navigation, as the provider's page needs).
 */
export function SsoSignIn({ label, dividerText }: { label: string; dividerText?: string }) {
  return (
    <>
      <ButtonLink href={SSO_START_PATH}>{label}</ButtonLink>
      {dividerText && <Divider>{dividerText}</Divider>}
    </>
  );
}
