// Wraps the colour-mode switch so that screen-reader users hear the new mode
// when they switch; the button itself keeps its label and stored choice.
import {useState, type ReactNode} from 'react';
import ColorModeToggle from '@theme-original/ColorModeToggle';
import type ColorModeToggleType from '@theme/ColorModeToggle';
import type {WrapperProps} from '@docusaurus/types';
import type {ColorMode} from '@docusaurus/theme-common';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ColorModeToggleType>;
function announcement(mode: ColorMode | null): string {
  return mode === null
    ? 'System colour mode on'
    : `${mode === 'dark' ? 'Dark' : 'Light'} mode on`;
}

export default function ColorModeToggleWrapper(props: Props): ReactNode {
  const [message, setMessage] = useState('');
  return (
    <>
      <ColorModeToggle
        {...props}
        onChange={(mode: ColorMode | null) => {
          props.onChange(mode);
          setMessage(announcement(mode));
        }}
      />
      <span className={styles.visuallyHidden} role="status">
        {message}
      </span>
    </>
  );
}
