import {useEffect, useState, type ReactNode} from 'react';
import styles from './styles.module.css';

function scrolledFraction(): number {
  const {scrollTop, scrollHeight, clientHeight} = document.documentElement;
  const scrollable = scrollHeight - clientHeight;
  return scrollable > 0 ? Math.min(1, scrollTop / scrollable) : 0;
}

/**
 * A line under the navbar that fills as the reader scrolls. It repeats what
 * the scroll bar says, so it is hidden from assistive technology.
 */
export default function ReadingProgress(): ReactNode {
  const [fraction, setFraction] = useState(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setFraction(scrolledFraction()));
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
      <div className={styles.bar} style={{transform: `scaleX(${fraction})`}} />
    </div>
  );
}
