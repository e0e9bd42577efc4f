import {Children, isValidElement, type ReactNode} from 'react';
import type {ApiCodeProps} from './ApiCode';
import {showChosenLanguage} from './behaviour';

/**
 * An operation's request samples with a language picker. The picker has no
 * React state: theme/behaviour.ts stores the choice and sets it on `<html>`,
 * CSS shows the chosen language in every operation, and each picker shows
 * it from the moment it is in the page.
 */
export default function ApiSamples({
  children,
}: {
  children: ReactNode;
}): ReactNode {
  const languages = Children.toArray(children).flatMap((child) =>
    isValidElement<ApiCodeProps>(child) && child.props.language
      ? [{value: child.props.language, label: child.props.label}]
      : [],
  );
  return (
    <div className="api-samples">
      <label className="api-samples__picker">
        Language{' '}
        <select className="api-samples__select" ref={showChosenLanguage}>
          {languages.map(({value, label}) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {children}
    </div>
  );
}
