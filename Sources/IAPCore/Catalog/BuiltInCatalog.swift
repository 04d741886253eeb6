import Foundation

/// The catalog built into the binary, for when no catalog file is found.
///
/// `json` is the same text as the project's `catalog.json`, byte for byte; a test keeps the two equal.
public enum BuiltInCatalog {
    /// The text of the project's `catalog.json`.
    public static let json = #"""
{
  "storefront": "USA",
  "products": [
    {
      "id": "com.storesim.coins.100",
      "type": "consumable",
      "referenceName": "100 Coins",
      "price": "0.99",
      "localizations": {
        "en_US": {
          "title": "100 Coins",
          "description": "A pouch of coins"
        },
        "zh_CN": {
          "title": "100 金币",
          "description": "一小袋金币"
        }
      },
      "grant": {
        "coins": 100
      },
      "serverProductId": "coins_100"
    },
    {
      "id": "com.storesim.coins.550",
      "type": "consumable",
      "referenceName": "550 Coins",
      "price": "4.99",
      "localizations": {
        "en_US": {
          "title": "550 Coins",
          "description": "A chest of coins, with a bonus"
        },
        "zh_CN": {
          "title": "550 金币",
          "description": "一箱金币，另有赠送"
        }
      },
      "grant": {
        "coins": 550
      },
      "serverProductId": "coins_550"
    },
    {
      "id": "com.storesim.pro",
      "type": "nonConsumable",
      "referenceName": "Pro Unlock",
      "price": "9.99",
      "localizations": {
        "en_US": {
          "title": "StoreSim Pro",
          "description": "Unlock every Pro feature, for good"
        },
        "zh_CN": {
          "title": "StoreSim 专业版",
          "description": "永久解锁全部专业版功能"
        }
      },
      "serverProductId": "pro_unlock",
      "familyShareable": true
    },
    {
      "id": "com.storesim.premium.monthly",
      "type": "autoRenewable",
      "referenceName": "Premium Monthly",
      "price": "2.99",
      "localizations": {
        "en_US": {
          "title": "Premium (Monthly)",
          "description": "Premium every month; the first week is free"
        },
        "zh_CN": {
          "title": "高级会员（包月）",
          "description": "按月订阅高级会员，首周免费"
        }
      },
      "period": "P1M",
      "group": "premium",
      "level": 2,
      "introductoryOffer": {
        "mode": "freeTrial",
        "period": "P1W"
      },
      "familyShareable": true,
      "promotionalOffers": [
        {
          "id": "comeback",
          "mode": "payAsYouGo",
          "period": "P1M",
          "price": "0.99",
          "periods": 2
        }
      ],
      "offerCodes": [
        {
          "id": "SPRING",
          "mode": "freeTrial",
          "period": "P1M"
        }
      ],
      "winBackOffers": [
        {
          "id": "winback",
          "mode": "payUpFront",
          "period": "P2M",
          "price": "1.99"
        }
      ]
    },
    {
      "id": "com.storesim.premium.yearly",
      "type": "autoRenewable",
      "referenceName": "Premium Yearly",
      "price": "24.99",
      "localizations": {
        "en_US": {
          "title": "Premium (Yearly)",
          "description": "Premium for a whole year, at a lower price"
        },
        "zh_CN": {
          "title": "高级会员（包年）",
          "description": "按年订阅高级会员，更加优惠"
        }
      },
      "period": "P1Y",
      "group": "premium",
      "level": 1,
      "familyShareable": true
    },
    {
      "id": "com.storesim.season",
      "type": "nonRenewing",
      "referenceName": "Season Pass",
      "price": "5.99",
      "localizations": {
        "en_US": {
          "title": "Season Pass",
          "description": "Three months of season content"
        },
        "zh_CN": {
          "title": "季票",
          "description": "三个月的赛季内容"
        }
      },
      "duration": "P3M"
    }
  ]
}

"""#

    /// The built-in catalog. Never fails: a test proves `json` parses; were it ever broken, this
    /// gives an empty USA catalog instead of stopping the program.
    public static func catalog() -> Catalog {
        parsed
    }

    private static let parsed = (try? CatalogParser.parse(Data(json.utf8), file: "built-in catalog"))
        ?? Catalog(storefront: .unitedStates, products: [])
}
