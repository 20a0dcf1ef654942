import { CalendarCheck, DollarSign, type LucideIcon, ShoppingBag } from 'lucide-react';
import { useId } from 'react';
import type { Role } from '../../../domain/roles';
import { Card } from '../../components/ui/Card';
import { cn } from '../../lib/cn';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import type { SaleStats } from './api';
import { activeBookings, formatCount } from './stats';

/** Admin and finance see the company's revenue, a seller only the revenue of their own sales. */
function revenueTitle(role: Role): string {
  return role === 'sales' ? 'Mis Ingresos' : 'Ingresos Totales';
}

interface StatCardProps {
  title: string;
  value: string;
  icon: LucideIcon;
  iconClassName: string;
}

function StatCard({ title, value, icon: Icon, iconClassName }: StatCardProps) {
  const titleId = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={titleId} className="flex items-center gap-4">
        <span className={cn('rounded-full p-3', iconClassName)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-sm font-medium text-gray-700">
            {title}
          </h2>
          <p className="truncate text-2xl font-bold text-gray-900">{value}</p>
        </div>
      </section>
    </Card>
  );
}

export function StatCards({ role, stats }: { role: Role; stats: SaleStats }) {
  const style = useNumberFormat();
  const formatMoney = useMoney();
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <StatCard
        title={revenueTitle(role)}
        value={formatMoney(stats.total)}
        icon={DollarSign}
        iconClassName="bg-green-100 text-green-800"
      />
      <StatCard
        title="Reservas Activas"
        value={formatCount(activeBookings(stats.salesByStatus), style)}
        icon={CalendarCheck}
        iconClassName="bg-blue-100 text-blue-800"
      />
      <StatCard
        title="Total de Ventas"
        value={formatCount(stats.salesCount, style)}
        icon={ShoppingBag}
        iconClassName="bg-purple-100 text-purple-800"
      />
    </div>
  );
}
