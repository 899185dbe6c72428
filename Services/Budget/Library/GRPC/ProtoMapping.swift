import Foundation
import RoamCore
import RoamProto
import SwiftProtobuf

extension Money {
    var proto: Roam_Common_V1_Money {
        .with {
            $0.minorUnits = minorUnits
            $0.currencyCode = currency.code
        }
    }

    init(_ units: Int64, _ currency: Currency) {
        self.init(minorUnits: units, currency: currency)
    }
}

extension Budget {
    var proto: Roam_Budget_V1_Budget {
        .with {
            $0.tripID = tripID.lowercasedString
            $0.currency = currency.code
            if let plan {
                $0.total = plan.total.proto
                $0.customCategories = plan.customCategories.map(\.name)
                $0.caps = plan.caps.sorted { $0.key.name < $1.key.name }.map { category, cap in
                    .with {
                        $0.category = category.name; $0.cap = cap.proto
                    }
                }
                $0.capsExceedTotal = plan.capsExceedTotal
            }
            $0.categories = categories.map(\.name)
            $0.alertThresholds = thresholds.percents.map(Int32.init)
            $0.updatedAt = .init(date: updatedAt)
        }
    }
}

extension DailyAllowance {
    func proto(_ currency: Currency) -> Roam_Budget_V1_Allowance {
        .with {
            $0.planned = Money(planned, currency).proto
            $0.adaptive = Money(adaptive, currency).proto
            $0.leftToday = Money(leftToday, currency).proto
        }
    }
}

extension DatedExpense {
    var proto: Roam_Budget_V1_Expense {
        .with {
            $0.id = expense.id.lowercasedString
            $0.tripID = expense.tripID.lowercasedString
            $0.amount = expense.details.amount.proto
            $0.spentAt = .init(date: expense.details.spentAt)
            $0.date = date.description
            $0.category = expense.details.category.name
            $0.note = expense.details.note
            $0.placeID = expense.details.placeID?.lowercasedString ?? ""
            $0.pinID = expense.details.pinID?.lowercasedString ?? ""
            $0.converted = expense.converted.proto
            $0.rate = expense.rate.text
            switch expense.rate.source {
            case .sameCurrency: $0.rateSource = .sameCurrency
            case .owner: $0.rateSource = .owner
            case .reference(let date):
                $0.rateSource = .reference
                $0.rateDate = date.description
            }
            $0.createdAt = .init(date: expense.createdAt)
            $0.updatedAt = .init(date: expense.updatedAt)
        }
    }
}

extension DayTotal {
    func proto(_ date: LocalDate, _ currency: Currency) -> Roam_Budget_V1_DayTotal {
        .with {
            $0.date = date.description
            $0.expenseCount = Int32(clamping: count)
            $0.spent = Money(spent, currency).proto
        }
    }
}

extension BudgetAlert {
    var proto: Roam_Budget_V1_BudgetNotification {
        .with {
            $0.kind = .alert
            $0.alertID = id.lowercasedString
            $0.tripID = tripID.lowercasedString
            switch limit {
            case .total: $0.limit = .total
            case .category(let category):
                $0.limit = .category
                $0.category = category.name
            case .day(let date):
                $0.limit = .day
                $0.date = date.description
            }
            $0.percent = Int32(percent)
            $0.spent = spent.proto
            $0.limitAmount = limitAmount.proto
            $0.at = .init(date: at)
        }
    }
}
