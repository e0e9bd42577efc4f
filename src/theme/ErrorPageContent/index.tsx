// Wraps the crash page ('This page crashed.', 'Try again' and the chain of
// error messages) with a way home and a prefilled email to support.
import type {ReactNode} from 'react';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type ErrorPageContentType from '@theme/ErrorPageContent';
import type {WrapperProps} from '@docusaurus/types';
import Link from '@docusaurus/Link';
import {useSiteFacts} from '@site/src/lib/siteFacts';
import useIsBrowser from '@docusaurus/useIsBrowser';

type Props = WrapperProps<typeof ErrorPageContentType>;

function reportLink(supportEmail: string, error: Error): string {
  const subject = 'Help site page crashed';
  const body = [
    `Page: ${window.location.href}`,
    `Error: ${error.message}`,
    `Browser: ${navigator.userAgent}`,
    '',
    'What I was doing:',
  ].join('\n');
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export default function ErrorPageContentWrapper(props: Props): ReactNode {
  const {supportEmail} = useSiteFacts();
  const isBrowser = useIsBrowser();
  return (
    <>
      <ErrorPageContent {...props} />
      <nav
        aria-label="Help with this error"
        className="container margin-bottom--xl">
        <div className="row">
          <div className="col col--6 col--offset-3">
            <p>
              If trying again does not help,{' '}
              <Link to="/">go to the help home page</Link> or{' '}
              <Link
                to={
                  isBrowser
                    ? reportLink(supportEmail, props.error)
                    : `mailto:${supportEmail}`
                }>
                report the problem to support
              </Link>
              ; the email includes this page&apos;s address and the error.
            </p>
          </div>
        </div>
      </nav>
    </>
  );
}
