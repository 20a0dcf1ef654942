export { queueDayReminders, type ReminderOutcome, tickReminders } from './schedule';
