import type {ReactNode} from 'react';
import AppFigure, {
  Cell,
  Control,
  Fact,
  Grid,
  Literal,
  Marker,
  Row,
  Status,
} from '../AppFigure';
import styles from './styles.module.css';

/**
 * Settings → Users of Northwind Outfitters at the world's now: Eleanor
 * Marsh, its owner, Priya Shah, an admin, and Daniel Hughes, invited as a member that morning (the
 * company guide's example of a colleague who must not change prices).
 */

export default function UsersSettingsFigure(): ReactNode {
  return (
    <AppFigure
      name="UsersSettingsFigure"
      screen={['Settings', 'Users']}
      caption={
        <>
          <strong>Settings → Users</strong> of Northwind Outfitters, with
          Eleanor Marsh, its{' '}
          <code>
            <Fact of="usr_6Tq3Hm8.role">owner</Fact>
          </code>
          , Priya Shah, an{' '}
          <code>
            <Fact of="usr_2Bv8Nx4.role">admin</Fact>
          </code>
          , and Daniel Hughes, invited as a{' '}
          <code>
            <Fact of="usr_4Kp7Wz2.role">member</Fact>
          </code>{' '}
          and not yet signed in.
        </>
      }
      notes={[
        <>
          <strong>Invite user</strong>: a name, an email address and a role,
          then <strong>Send invitation</strong>.
        </>,
        <>
          The role decides what the user can do:{' '}
          <Literal why="the roles any user can have">
            <code>owner</code>, <code>admin</code>, <code>member</code> or{' '}
            <code>read_only</code>
          </Literal>
          .
        </>,
        <>
          An invitation lasts seven days; <strong>Resend</strong> sends a fresh
          one.
        </>,
      ]}>
      <p className={styles.toolbar}>
        <Marker n={1} />
        <Control primary>Invite user</Control>
      </p>
      <Grid
        label="Users"
        columns={styles.columns}
        header={['Name', 'Email', 'Role', 'Two-factor', 'Status', '']}>
        <Row>
          <Cell label="Name">
            <strong>
              <Fact of="usr_6Tq3Hm8.name">Eleanor Marsh</Fact>
            </strong>
          </Cell>
          <Cell label="Email">
            <Fact of="usr_6Tq3Hm8.email">
              eleanor.marsh@northwind.example.com
            </Fact>
          </Cell>
          <Cell label="Role">
            <code>
              <Fact of="usr_6Tq3Hm8.role">owner</Fact>
            </code>
          </Cell>
          <Cell label="Two-factor">
            <Fact of="usr_6Tq3Hm8.two_factor_enabled" format="switch">
              On
            </Fact>
          </Cell>
          <Cell label="Status">
            <Status tone="success">
              <Fact of="usr_6Tq3Hm8.status">active</Fact>
            </Status>
          </Cell>
        </Row>
        <Row>
          <Cell label="Name">
            <strong>
              <Fact of="usr_2Bv8Nx4.name">Priya Shah</Fact>
            </strong>
          </Cell>
          <Cell label="Email">
            <Fact of="usr_2Bv8Nx4.email">priya@northwind.example.com</Fact>
          </Cell>
          <Cell label="Role">
            <code>
              <Fact of="usr_2Bv8Nx4.role">admin</Fact>
            </code>
            <Marker n={2} />
          </Cell>
          <Cell label="Two-factor">
            <Fact of="usr_2Bv8Nx4.two_factor_enabled" format="switch">
              On
            </Fact>
          </Cell>
          <Cell label="Status">
            <Status tone="success">
              <Fact of="usr_2Bv8Nx4.status">active</Fact>
            </Status>
          </Cell>
        </Row>
        <Row highlight>
          <Cell label="Name">
            <strong>
              <Fact of="usr_4Kp7Wz2.name">Daniel Hughes</Fact>
            </strong>
          </Cell>
          <Cell label="Email">
            <Fact of="usr_4Kp7Wz2.email">
              daniel.hughes@northwind.example.com
            </Fact>
          </Cell>
          <Cell label="Role">
            <code>
              <Fact of="usr_4Kp7Wz2.role">member</Fact>
            </code>
          </Cell>
          <Cell label="Two-factor">Not set up</Cell>
          <Cell label="Status">
            <Status tone="neutral">
              <Fact of="usr_4Kp7Wz2.status">invited</Fact>
            </Status>
          </Cell>
          <Cell label="Actions">
            <Control>Resend</Control>
            <Marker n={3} />
          </Cell>
        </Row>
      </Grid>
    </AppFigure>
  );
}
