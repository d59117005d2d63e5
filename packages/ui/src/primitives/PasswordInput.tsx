import { useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Input } from './fields';

const Wrapper = styled.div`
  position: relative;
  & input { padding-right: 4.5rem; }
`;

const Toggle = styled.button`
  position: absolute;
  top: 50%;
  right: ${({ theme }) => theme.spacing(2)};
  transform: translateY(-50%);
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-size: 0.875rem;
  cursor: pointer;
`;

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/**
 * A password input with a Show/Hide button; FormField's id and aria props land on the input. The
 * button is named by its text alone, so the field's label ('Password') names one control only.
 */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Wrapper>
      <Input {...props} type={visible ? 'text' : 'password'} />
      <Toggle type="button" aria-controls={props.id} onClick={() => setVisible((shown) => !shown)}>
        {visible ? 'Hide' : 'Show'}
      </Toggle>
    </Wrapper>
  );
}
