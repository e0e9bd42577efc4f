import type {ComponentProps, ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useApiReleaseLink} from '@site/src/plugins/openapi-reference/theme/apiRelease';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useSiteFacts} from '@site/src/lib/siteFacts';
import {usePluginData} from '@docusaurus/useGlobalData';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import type {LatestBlogPost} from '@site/src/plugins/latest-blog-post';
import styles from './index.module.css';

interface TaskLink {
  label: string;
  to: string;
}

const audiences: {
  title: string;
  summary: string;
  start: TaskLink;
  tasks: TaskLink[];
}[] = [
  {
    title: 'For merchants and brand staff',
    summary:
      'Run your catalogue, stock, orders and shop connections in the web app.',
    start: {
      label: 'Open User Documentation',
      to: '/docs/getting-started/login',
    },
    tasks: [
      {
        label: 'Take the 10-minute quick tour',
        to: '/docs/getting-started/quick-tour',
      },
      {
        label: 'Go from sign-up to a first synced order',
        to: '/docs/getting-started/steps-to-success',
      },
      {
        label: 'Import products, stock or prices from a file',
        to: '/docs/getting-started/file-upload',
      },
      {
        label: 'Find who changed what on the Changes screen',
        to: '/docs/getting-started/change',
      },
    ],
  },
  {
    title: 'For API integrators',
    summary:
      'Connect your systems to the Hub over REST: keys, pagination, errors, webhooks and the change feed.',
    start: {label: 'Open API Documentation', to: '/docs/api/introduction'},
    tasks: [
      {
        label: 'Authenticate with an API key',
        to: '/docs/api/introduction#authentication',
      },
      {
        label: 'Page through lists with cursors',
        to: '/docs/api/introduction#pagination',
      },
      {
        label: 'Verify webhook signatures',
        to: '/docs/api/introduction#verifying-webhook-signatures',
      },
      {
        label: 'Sync incrementally from the change feed',
        to: '/docs/api/introduction#incremental-sync-with-the-change-feed',
      },
    ],
  },
];

const commonTasks: TaskLink[] = [
  {
    label: "Stock isn't updating in my shop",
    to: '/docs/troubleshooting/stock-not-updating',
  },
  {
    label: 'An order is missing or stuck',
    to: '/docs/troubleshooting/order-missing-or-stuck',
  },
  {
    label: 'Undo or correct an import',
    to: '/docs/troubleshooting/undo-an-import',
  },
  {
    label: 'Sign in with two-factor authentication',
    to: '/docs/getting-started/login',
  },
  {
    label: 'Save and share a view of a grid',
    to: '/docs/advanced/advanced-views',
  },
  {
    label: 'Filter with the Advanced query language',
    to: '/docs/advanced/advanced-query',
  },
  {
    label: 'Export orders to CSV, XLSX or JSON',
    to: '/docs/advanced/order-export-formats',
  },
  {
    label: 'Export products one row per variant',
    to: '/docs/advanced/product-export-formats',
  },
  {
    label: 'Create and rotate API keys',
    to: '/docs/advanced/api-keys',
  },
  {
    label: 'Set up webhooks in Settings',
    to: '/docs/advanced/webhooks',
  },
  {
    label: 'Handle API errors and rate limits',
    to: '/docs/api/introduction#errors',
  },
];

/** A link that opens an API page in the reader's chosen release. */
function ReleaseLink({
  to,
  ...props
}: ComponentProps<typeof Link> & {to: string}) {
  return <Link {...props} to={useApiReleaseLink(to)} />;
}

function LatestPost(): ReactNode {
  const latest = usePluginData('latest-blog-post') as LatestBlogPost;
  const {i18n} = useDocusaurusContext();
  const date = new Intl.DateTimeFormat(i18n.currentLocale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(latest.date));
  return (
    <section className={styles.section} aria-labelledby="latest-post">
      <Heading as="h2" id="latest-post">
        Latest from the blog
      </Heading>
      <article className={styles.card}>
        <Heading as="h3" className={styles.cardTitle}>
          <Link to={latest.permalink}>{latest.title}</Link>
        </Heading>
        <p className={styles.meta}>
          <time dateTime={latest.date}>{date}</time>
        </p>
        <p>{latest.description}</p>
        <Link to="/blog">All posts</Link>
      </article>
    </section>
  );
}

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {supportEmail, statusPageUrl} = useSiteFacts();
  return (
    <Layout description={siteConfig.tagline}>
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            {siteConfig.title}
          </Heading>
          <p className={styles.heroTagline}>{siteConfig.tagline}</p>
        </div>
      </header>
      <main className="container">
        <section className={styles.section} aria-labelledby="choose-section">
          <Heading as="h2" id="choose-section">
            Where do you want to start?
          </Heading>
          <div className={styles.grid}>
            {audiences.map((audience) => (
              <article key={audience.title} className={styles.card}>
                <Heading as="h3" className={styles.cardTitle}>
                  {audience.title}
                </Heading>
                <p>{audience.summary}</p>
                <ul>
                  {audience.tasks.map((task) => (
                    <li key={task.to}>
                      <ReleaseLink to={task.to}>{task.label}</ReleaseLink>
                    </li>
                  ))}
                </ul>
                <ReleaseLink
                  className="button button--primary"
                  to={audience.start.to}>
                  {audience.start.label}
                </ReleaseLink>
              </article>
            ))}
          </div>
        </section>
        <section className={styles.section} aria-labelledby="common-tasks">
          <Heading as="h2" id="common-tasks">
            Common tasks
          </Heading>
          <ul className={styles.taskList}>
            {commonTasks.map((task) => (
              <li key={task.to}>
                <ReleaseLink to={task.to}>{task.label}</ReleaseLink>
              </li>
            ))}
          </ul>
        </section>
        <LatestPost />
        <section className={styles.section} aria-labelledby="get-help">
          <Heading as="h2" id="get-help">
            Still stuck?
          </Heading>
          <p className="ih-prose">
            Check <Link to={statusPageUrl}>the service status page</Link> for
            incidents, or email{' '}
            <Link to={`mailto:${supportEmail}`}>{supportEmail}</Link> with your
            company name and what you were trying to do.
          </p>
        </section>
      </main>
    </Layout>
  );
}
