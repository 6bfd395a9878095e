import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { TaskList } from '../components/task-list';

/**
 * /auth/complianceTasks (spec §2): the user's compliance tasks, each with its status and a link to the
 * questionnaire screen that completes it.
 */
export default function ComplianceTasksScreen() {
  const title = useScreenTitle('screens.complianceTasks');
  return (
    <div className="page">
      <h1>{title}</h1>
      <TaskList />
    </div>
  );
}
