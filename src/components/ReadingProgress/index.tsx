import {useEffect, useRef, type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/**
 * A stable class on the bar, as the theme's own `theme-*` classes are, for
 * custom CSS and tests (the module's class names are hashed).
 */
const readingProgressBarClass = 'reading-progress__bar';

function scrolledFraction(): number {
  const {scrollTop, scrollHeight, clientHeight} = document.documentElement;
  const scrollable = scrollHeight - clientHeight;
  return scrollable > 0 ? Math.min(1, scrollTop / scrollable) : 0;
}

/**
 * A line under the navbar that fills as the reader scrolls. It repeats what
 * the scroll bar says, so it is hidden from assistive technology. The bar
 * starts empty from its class and is then moved through the CSSOM, so the
 * page carries no style attribute for the CSP to allow, and scrolling
 * re-renders nothing.
 */
export default function ReadingProgress(): ReactNode {
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        bar.current?.style.setProperty(
          'transform',
          `scaleX(${scrolledFraction()})`,
        );
      });
    };
    update();
    window.addEventListener('scroll', update, {passive: true});
    window.addEventListener('resize', update, {passive: true});
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  return (
    <div className={styles.track} aria-hidden="true">
      <div className={clsx(styles.bar, readingProgressBarClass)} ref={bar} />
    </div>
  );
}
